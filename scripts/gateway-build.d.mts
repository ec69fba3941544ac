/** Compiles the gateway into `outDir` (the repository's layout below it); answers the server's entry. */
export declare function buildGateway(root?: string, outDir?: string): Promise<string>;
/** The environment the compiled gateway runs with (a fixed malloc threshold and a smaller young generation added to `env`). */
export declare function gatewayEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
