export declare const CODE_MAX_LENGTH: number;
export declare const CODE_PATTERN: RegExp;
export declare function normalizeCode(input: unknown): string;
export declare function isValidCode(code: string): boolean;
