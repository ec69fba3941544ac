export declare const CHROMIUM_PATH: string;
export declare function ensureChromium(): void;
export declare const CHROMIUM_LAUNCH: {
  executablePath: string;
  headless: boolean;
  args: string[];
};
