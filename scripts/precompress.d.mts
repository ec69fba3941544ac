export declare function compressedCopies(bytes: Uint8Array): Promise<{ br: Buffer; gz: Buffer }>;
export declare function precompressDir(dir: string): Promise<string[]>;
