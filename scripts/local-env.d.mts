export const root: string;
export function toolEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function ensureDevVars(): void;
export function run(name: string, args: string[], extraEnv?: Record<string, string>): void;
export function applyMigrations(persistTo?: string): void;
export function buildWeb(): void;
export function readEnvFile(file: string): Record<string, string>;
export function freePort(): Promise<number>;
export function memoryStateRoot(): string | null;
export function startLocalServer(options: {
  port?: number;
  vars?: Record<string, string>;
  buildWebFirst?: boolean;
  logLevel?: string;
  // A file that gets the server's output, each line after its time, instead of the terminal.
  logFile?: string;
  beforeStart?: (state: { persist: string; vars: Record<string, string> }) => void | Promise<void>;
  assetsDir?: string;
  benchmark?: boolean;
}): Promise<{ baseUrl: string; persist: string; vars: Record<string, string>; stop(): void }>;
