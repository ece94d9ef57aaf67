import eslint from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Apps never import apps; contracts import no framework; only tests (and apps' test harnesses) reach for libs/testing. */
function moduleBoundaries({ testsMayUseTestingLib }) {
  const platform = ['scope:contracts', 'scope:platform'];
  const platformForTests = testsMayUseTestingLib ? [...platform, 'scope:testing'] : platform;
  return {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [
      {
        sourceTag: 'scope:contracts',
        onlyDependOnLibsWithTags: ['scope:contracts'],
        bannedExternalImports: [
          '@nestjs/*',
          'typeorm',
          'kafkajs',
          'pg',
          'class-validator',
          'class-transformer',
          'fastify',
          'opossum',
        ],
      },
      { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: platformForTests },
      { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: platform },
      { sourceTag: 'type:service', onlyDependOnLibsWithTags: [...platform, 'scope:testing'] },
      { sourceTag: 'type:composition', onlyDependOnLibsWithTags: [...platform, 'scope:testing'] },
      // The console is browser code: it imports no lib (its API types and role table are generated);
      // its browser tests start the product with libs/testing.
      {
        sourceTag: 'type:console',
        onlyDependOnLibsWithTags: testsMayUseTestingLib ? [...platform, 'scope:testing'] : [],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.nx/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      // Generated from docs/openapi.json (tools/generate-console-sources.ts).
      'apps/console/src/api/schema.d.ts',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ testsMayUseTestingLib: false })],
    },
  },
  {
    // Nest's DI reads constructor parameter types at run time, so injected classes must stay value imports.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The console: React in the browser. Hooks follow their rules; markup is checked for accessibility.
    files: ['apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'libs/testing/**/*.ts', 'apps/console/src/testing/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ testsMayUseTestingLib: true })],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // jest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Callbacks handed to test servers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  prettier,
);
