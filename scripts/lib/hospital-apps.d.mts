export declare const APPS_DIR: string;
export declare function hospitalKeys(): string[];
