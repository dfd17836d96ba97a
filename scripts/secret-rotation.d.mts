export interface StoredSecretPlace {
  name: string;
  select: string;
  update(id: string, from: string, to: string): string;
}
export const STORED_SECRETS: StoredSecretPlace[];
export function rotationStatements(rows: { id: string; value: string }[][], keys: string): Promise<string[]>;
