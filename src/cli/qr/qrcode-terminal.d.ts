// qrcode-terminal ships no types; this is the part of its API the CLI uses.
declare module 'qrcode-terminal' {
  interface GenerateOptions {
    small?: boolean;
  }
  const qrcodeTerminal: {
    generate(input: string, options: GenerateOptions, done: (drawing: string) => void): void;
    setErrorLevel(level: 'L' | 'M' | 'Q' | 'H'): void;
  };
  export default qrcodeTerminal;
}
