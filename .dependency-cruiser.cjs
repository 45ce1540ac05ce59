/**
 * Import boundaries (issue 17 item 9), checked by `npm run lint:boundaries` (part of `npm run lint`):
 * - a web feature (apps/web/src/features/<name>/) imports another feature only through its public
 *   index.ts;
 * - an API module (apps/api/src/modules/<name>/) imports another module only through its entry,
 *   modules/<name>/index.ts. Tests and test kits may reach into other modules (they set up data the
 *   way those modules store it); production code may not.
 * docs/architecture.md says what each entry exports.
 */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment: 'A web feature imports another feature only through its index.ts.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-module-through-entry',
      severity: 'error',
      comment: 'An API module imports another module only through its entry, modules/<name>/index.ts.',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$|\\.test-kit\\.ts$' },
      to: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
  },
};
