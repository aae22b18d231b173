// typescript-eslint's strict, type-aware rules for the TypeScript sources and tests, and for the JavaScript of
// scripts/ and bench/ (typed by their JSDoc through tsconfig.scripts.json); formatting is prettier's
// (eslint-config-prettier turns off the rules that would disagree with it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      // The console page's declarations, written by its project build (src/emulator/console/page/tsconfig.json).
      '.tsbuild/',
      'dist-bin/',
      'node_modules/',
      'completions/',
      'bin/',
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
    // scripts/ and bench/ are JavaScript typed by JSDoc where it matters: their program is tsconfig.scripts.json
    // (checkJs), which also finds undefined names, so no-undef (which knows no Node globals) stays off as
    // typescript-eslint advises. Their parameters without JSDoc and the JSON they read are `any`, as in tests.
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tsconfig.scripts.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      'no-undef': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/restrict-plus-operands': ['error', { allowAny: true }],
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
