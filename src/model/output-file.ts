/** One file of the output, relative to the output directory. Only the emit stage writes these. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}
