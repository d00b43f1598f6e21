/** One file a renderer produces: a posix path relative to its root, and the exact text. */
export interface OutputFile {
  readonly path: string;
  readonly contents: string;
}
