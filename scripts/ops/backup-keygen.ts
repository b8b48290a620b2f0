/**
 * `npm run backup:keygen`: a new age key pair for encrypted backups (docs/deploy.md, Backups). Standard output
 * is the key file itself, as `age-keygen` writes one; the advice goes to standard error, so
 * `npm run -s backup:keygen > backup-key.txt` saves exactly the key.
 */
import { newBackupKeyPair } from "../../db/backup-encryption.server";

const { recipient, keyFile } = await newBackupKeyPair();
process.stdout.write(keyFile);
process.stderr.write(`
The lines above are the PRIVATE key: whoever has it can read every backup made for it.
  - Keep it OFF the server: in the organisation's password manager, and a printed or offline copy in a safe
    place. A backup is only as safe as this key is far from it.
  - Give the server only the public key:
      BACKUP_RECIPIENTS=${recipient}
    Several keys may be listed (comma-separated), so that two people can each restore.
  - Restore with: npm run db:restore -- FILE --identity KEYFILE
  - Lose every private key and the backups made for it cannot be read by anyone, you included.
`);
