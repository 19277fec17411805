// prelaunch user create: a member of a company who signs in to the console. The password is read
// from standard input (never an argument, which other users of the machine can see).
import type { Command } from 'commander';
import { presentMember } from '../../modules/members/members.presenter.ts';
import { requireCompany, type CliContext } from '../context.ts';
import { parseIdArgument } from '../options.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

export function registerUserCommands(program: Command, context: CliContext): void {
  const user = program.command('user').description('manage console members');

  user
    .command('create')
    .description('create a member who signs in to the console; the password is read from standard input')
    .requiredOption('--company <id>', 'company id', parseIdArgument)
    .requiredOption('--email <address>', 'e-mail address, used to sign in')
    .requiredOption('--role <role>', 'owner, admin or viewer')
    .action(async (options: { company: number; email: string; role: string }) => {
      const { services } = await context.open();
      await requireCompany(services, options.company);
      const member = await services.members.create({ companyId: options.company, email: options.email, role: options.role, password: await readStdin() });
      context.print(presentMember(member));
    });
}
