// typescript-eslint's strict, type-aware rules for the TypeScript sources and tests; formatting is prettier's
// (eslint-config-prettier turns off the rules that would disagree with it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-bin/',
      'node_modules/',
      'completions/',
      'bin/',
      'scripts/',
      'bench/',
      'examples/',
      // Plain-JS bot processes the tests spawn (as examples/ holds the example bot).
      'test/**/*.mjs',
      '*.config.js',
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers in messages (`${count} rows`) are what the messages are made of.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `(s) => stream.write(s)` callbacks are the house style.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read parsed JSON documents (typed `any`) and index what they just checked exists.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
