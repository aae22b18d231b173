// The latest `chatbot test --load` run's figures, as its runner last posted them (POST /__emulator/load): the
// emulator keeps them so that its console shows the run live, and a console opened mid-run or after it sees them in
// its stream's snapshot. A reset forgets them, with the contacts they counted.
import type { LoadRun } from '../control/types.js';

export class LoadBoard {
  private current: LoadRun | null = null;

  get latest(): LoadRun | null {
    return this.current;
  }

  /** The run's figures now (another run's replace those of the one before). */
  post(run: LoadRun): void {
    this.current = run;
  }

  clear(): void {
    this.current = null;
  }
}
