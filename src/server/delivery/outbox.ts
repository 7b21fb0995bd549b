import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR/outbox: where messages go when no SMTP server or SMS provider is configured, one
 * file per message (.eml for mail, .json for SMS), named so that they sort by time.
 */
export function createOutbox(dataDir: string) {
  const folder = join(dataDir, 'outbox');
  return {
    folder,
    async write(kind: string, extension: 'eml' | 'json', content: string | Buffer): Promise<string> {
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}-${kind}.${extension}`;
      await writeFile(join(folder, name), content, { mode: 0o600 });
      return name;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
