export interface ReleaseSettings {
  domain: string;
  serverRoot: string;
  upstream: string;
  tls: { certificate: string; key: string } | null;
  brotli: boolean;
}
export declare function releaseSettings(): ReleaseSettings;
export declare const proxiedPrefixes: (prefixes: readonly string[]) => string[];
export interface ReleaseManifest {
  hospital: string;
  name: string;
  version: string;
  commit: string;
  buildTime: string;
  serverName: string;
  entries: Record<string, string>;
  inlineScripts: string[];
  files: { path: string; size: number; sha256: string }[];
}
export declare function releaseArtifact(options: {
  key: string;
  commit: string;
  time: number;
  distDir?: string;
  releaseDir?: string;
}): Promise<{
  version: string;
  versionDir: string;
  manifest: ReleaseManifest;
  tarball: string;
  checksumFile: string;
  sha256: string;
}>;
