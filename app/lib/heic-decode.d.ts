/** heic-decode ships no types: the one call the upload pipeline makes. */
declare module "heic-decode" {
  export default function decode(input: {
    buffer: Buffer | ArrayBuffer | Uint8Array;
  }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
