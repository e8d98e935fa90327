import { defineConfig } from 'sitegen';

// The site's public address and its languages. The first locale is served at /, every other one
// under /CODE/. A locale is a BCP 47 code ('fr', 'pt-BR'), or { code, iso?, name?, dir? } where a
// default does not fit; add one here and a locales/CODE.json beside en.json.
export default defineConfig({
  url: 'https://example.com',
  locales: ['en', 'de'],
});
