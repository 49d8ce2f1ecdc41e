export declare const ROOT: string;
export declare function git(args: string[], cwd?: string): string;
export declare function hospitalKeys(root?: string): string[];
export declare function appPackage(key: string, root?: string): { name: string; version: string };
export declare const tagOf: (key: string, version: string) => string;
export declare function tagExists(tag: string, root?: string): boolean;
export declare function headCommit(root?: string): { commit: string; time: number };
export declare function dirtyFiles(root?: string): string[];
export declare function hospitalConfig(key: string, root?: string): Promise<{ key: string; name: string }>;
export declare function viteAppHelpers(root?: string): Promise<{
  API_PREFIXES: readonly string[];
  inlineScriptHashes(html: string): string[];
}>;
