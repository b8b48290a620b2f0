/** heic-decode ships no types: the calls the upload pipeline makes. */
declare module "heic-decode" {
  interface Decoded {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface Input {
    buffer: Buffer | ArrayBuffer | Uint8Array;
  }
  /** Decodes the first image. */
  function decode(input: Input): Promise<Decoded>;
  namespace decode {
    /** Reads the file's images (their sizes from its header) without decoding any: each decodes on request. */
    function all(input: Input): Promise<{ width: number; height: number; decode(): Promise<Decoded> }[] & { dispose(): void }>;
  }
  export default decode;
}
