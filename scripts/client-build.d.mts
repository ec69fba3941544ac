export declare function clientIsStale(root?: string): boolean;
export declare function buildClientIfStale(root?: string): void;
