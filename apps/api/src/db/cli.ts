import { stdin, stdout } from 'node:process';
import readline from 'node:readline/promises';
import { zEmail, zPassword } from '@yams/shared';
import { loadConfig } from '../config';
import { hashPassword } from '../lib/crypto';
import { passwordWeakness } from '../lib/password-policy';
import { findUserByEmail } from '../modules/users/users.repository';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { users } from './schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './seed';

function arg(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

async function ask(question: string): Promise<string> {
  if (!stdin.isTTY) throw new Error(`${question} manquant : passez-le en option (--email=…, --password=…).`);
  const rl = readline.createInterface({ input: stdin, output: stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

const command = process.argv[2];
const database = await openDatabase(loadConfig());
try {
  await migrate(database);
  if (command === 'migrate') {
    console.log('Migrations appliquées.');
  } else if (command === 'seed') {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) {
      console.log(`Données de démonstration créées (mot de passe ${DEMO_PASSWORD}) :`);
      for (const [email, role] of DEMO_ACCOUNTS) console.log(`  ${email.padEnd(34)} ${role}`);
    } else console.log('La base contient déjà des utilisateurs : rien n’a été ajouté.');
  } else if (command === 'admin:create') {
    const email = zEmail.parse(arg('email') ?? process.env.ADMIN_EMAIL ?? (await ask('Email : ')));
    const password = zPassword.parse(
      arg('password') ?? process.env.ADMIN_PASSWORD ?? (await ask('Mot de passe : ')),
    );
    if (await findUserByEmail(database.db, email)) throw new Error(`Un compte ${email} existe déjà.`);
    const weakness = await passwordWeakness(password, { email, nom: arg('nom') });
    if (weakness) throw new Error(weakness);
    await database.db.insert(users).values({
      name: email.split('@')[0]!,
      type: 'superadmin',
      nom: arg('nom') ?? 'Administrateur',
      email,
      password: await hashPassword(password),
      email_verified_at: new Date().toISOString(),
    });
    console.log(`Super administrateur ${email} créé.`);
  } else {
    console.log('Usage : cli.ts migrate | seed | admin:create [--email=… --password=… --nom=…]');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
