// `prelaunch mcp`: the MCP server over stdio, for an AI assistant that starts it as a command. It
// serves the API of the database DATABASE_URL names, in this process, as the key given; standard
// output is the protocol's, so the process's own lines go to standard error.
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildApp } from '../../app.ts';
import { isReachable } from '../../db/migrate.ts';
import { openRateLimits } from '../../http/rate-limits.ts';
import { createLogger } from '../../process/logging.ts';
import { apiSession } from '../../mcp/api-session.ts';
import { createMcpServer } from '../../mcp/mcp-server.ts';
import { MCP_VERSION } from '../../mcp/mcp.routes.ts';
import type { CliContext } from '../context.ts';

export function registerMcpCommand(program: Command, context: CliContext): void {
  program
    .command('mcp')
    .description('serve the Model Context Protocol over stdio: the API\'s operations as tools, for the key given (--api-key or PRELAUNCH_API_KEY); reads only unless --allow-writes')
    .option('--api-key <key>', 'the API key every call is made with (default PRELAUNCH_API_KEY)')
    .option('--allow-writes', 'also offer the tools that change data (each call carries an Idempotency-Key)')
    .action(async ({ apiKey, allowWrites }: { apiKey?: string; allowWrites?: boolean }) => {
      const key = apiKey ?? context.config().mcpApiKey;
      if (!key) throw new Error('An API key is needed: --api-key KEY, or PRELAUNCH_API_KEY');
      const { config, database, services } = await context.open();
      const principal = await services.accounts.authenticate(key);
      const log = createLogger(config.logLevel, process.stderr);
      const { rateLimits, redis } = openRateLimits(config, log.child({ component: 'redis' }));
      const app = await buildApp({ config, services, isDatabaseReady: () => isReachable(database), rateLimits, redis, logDestination: process.stderr });
      await app.ready();
      const server = createMcpServer(apiSession(app, key, principal, allowWrites === true, MCP_VERSION));
      const closed = new Promise<void>((resolve) => (server.onclose = resolve));
      await server.connect(new StdioServerTransport());
      // Until the assistant closes standard input (or the connection).
      await Promise.race([closed, new Promise<void>((resolve) => process.stdin.once('end', resolve))]);
      await server.close();
      await app.close();
      await services.close();
      redis?.close();
    });
}
