// A one-line spinner for terminals: redrawn in place, erased when stopped.

export interface Writable {
  write(chunk: string): unknown;
}

export interface Spinner {
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const ERASE_LINE = '\r\x1b[K';

/** Draws `text()` after a turning frame (or the given fixed prefix) every `intervalMs` until stopped. */
export function startSpinner(stream: Writable, text: () => string, intervalMs = 100, prefix?: string): Spinner {
  let frame = 0;
  const draw = () => {
    stream.write(`${ERASE_LINE}${prefix ?? `${FRAMES[frame % FRAMES.length]} `}${text()}`);
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      stream.write(ERASE_LINE);
    },
  };
}
