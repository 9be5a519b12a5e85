// ESLint for the whole repository: Next.js's rules (React, hooks, accessibility, core web vitals),
// typescript-eslint's recommended set, and the layering the architecture promises, as import rules.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** lib/server, by alias or by a relative path from a sibling directory. */
const serverModules = [
  "@/lib/server",
  "@/lib/server/**",
  "**/lib/server",
  "**/lib/server/**",
  "../server",
  "../server/**",
  "../../server",
  "../../server/**",
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".engine/**",
    "node_modules/**",
    "data/**",
    "tmp/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  // A rule switched off on a line it no longer needs to be is an error too.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": "off",
    },
  },

  // The staff pages' words come from lib/i18n/dashboard through use-intl, like the signer's
  // from lib/i18n/messages: JSX text in them is an error, but for the name and signs no language changes.
  {
    files: [
      "components/{compose,placer,recipients,templates,requests,settings,outbox,auth,layout,ui}/**/*.tsx",
      "components/signing/**/*.tsx",
      "app/(dashboard)/**/*.tsx",
      "app/{login,set-password,verify,sign}/**/*.tsx",
    ],
    rules: {
      "react/jsx-no-literals": [
        "error",
        {
          noStrings: false,
          ignoreProps: true,
          allowedStrings: ["Signet", "%", "(", ")", "+", "−", "/", "·", "—", "…", "↑", "↓", "⠿", "s", "×", "*", ":", "|"],
        },
      ],
    },
  },

  // Layering (docs/architecture.md, "Layers of lib/server" and "Contracts and gates"): data flows one way,
  // route → use case (lib/server) → engine (lib/pdf) and store (lib/server/db).
  {
    files: ["lib/pdf/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...serverModules, "next*", "react*", "pg", "drizzle-orm*", "@electric-sql/*"],
              message:
                "lib/pdf is the pure PDF engine: bytes in, bytes or data out. It runs in worker threads and knows no server module, framework, React or database.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/schemas/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...serverModules, "next*", "react*"],
              message:
                "lib/schemas is shared by the API, the proxy and the browser: zod and other schemas only, no server module, Next.js or React.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**", "lib/client/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...serverModules, "pg", "drizzle-orm*"],
              message:
                "Browser code must not reach the server's modules or the database: call the API (lib/client), share types and schemas through lib/schemas.",
            },
          ],
        },
      ],
    },
  },
  {
    // The SDK is what integrators take away: it stands on its own (openapi-fetch and standardwebhooks), its
    // relative imports spelled as Node's ESM resolves them once built.
    files: ["lib/sdk/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/**", "../**", "next", "next/**", "react", "zod", "server-only"],
              message: "lib/sdk stands alone: it imports only its own files (./x.js) and its two npm packages.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/api/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/server/db", "@/lib/server/db/**", "drizzle-orm*"],
              message:
                "Routes stay thin (parse → use case → envelope): the queries belong to the use cases in lib/server/<domain>/.",
            },
          ],
        },
      ],
    },
  },
]);
