/** The Node version the project runs and is tested on (package.json's engines.node, the pinned binary's). */
export declare const PROJECT_NODE: string;
/** Prints one line when this process runs on another Node than the project's. */
export declare function sayWhenAnotherNode(script: string): void;
