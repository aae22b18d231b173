// What the batch journal records of a row, and what resuming reads back: the types the journal and its compact
// in-memory form (compact-rows.ts) share.

/** What the journal last says about a row. `sending` with nothing after it means the run stopped mid-request. */
export type RowState =
  | { state: 'sending'; to: string; digest: string }
  | { state: 'sent'; to: string; digest: string; id?: string }
  | { state: 'failed'; to: string; digest: string; status: number | null; message: string }
  | { state: 'unknown'; to: string; digest: string; message: string };

export type Outcome =
  | { state: 'sent'; id?: string }
  | { state: 'failed'; status: number | null; message: string }
  | { state: 'unknown'; message: string };

/** What resuming needs to know of a row: its last state and (a prefix of) its digest. */
export interface RecordedRow {
  state: RowState['state'];
  digest: string;
}

/** The rows earlier runs recorded, by line. */
export interface RecordedRows {
  readonly size: number;
  get(line: number): RecordedRow | undefined;
  values(): Iterable<RecordedRow>;
}
