// Import rules `npm run lint` checks over src/ (dependency-cruiser). Type-only imports count: a
// circle of types still ties the files' meaning together, and the circles this check was made for
// were mostly of types.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle between files: move what both sides share into a file of its own.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'engine-fence',
      severity: 'error',
      comment: 'Commit groups, search folding and the checkpointer are wired by db/database.ts and db/transaction.ts alone (src/db/engine/README.md).',
      from: { path: '^src/', pathNot: ['^src/db/(database|transaction)[.]ts$', '^src/db/engine/'] },
      to: { path: '^src/db/engine/(commit-groups|search-folding|sqlite-checkpointer)[.]ts$' },
    },
    {
      name: 'engine-turns',
      severity: 'error',
      comment: 'Only the HTTP app and the workers mark where a piece of work starts (src/db/engine/README.md).',
      from: { path: '^src/(modules|http|public|console|cli|mcp)/' },
      to: { path: '^src/db/engine/connection-turns[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
