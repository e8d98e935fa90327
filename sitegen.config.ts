import { defineConfig } from 'sitegen';

/** The Alight Motion site. Visible text lives in locales/*.json; this file holds only facts. */
export default defineConfig({
  name: 'Alight Motion',
  product: 'Alight Motion',
  url: 'https://alightmotion.com',
  // The 18 languages of the site, en first (the default, without a path prefix). A bare code takes
  // its iso from the code, its name from the language's own name and its direction from its script.
  locales: [
    { code: 'en', iso: 'en-US' },
    'ar',
    { code: 'de', iso: 'de-DE' },
    'es',
    { code: 'fr', iso: 'fr-FR' },
    { code: 'hi', iso: 'hi-IN' },
    { code: 'id', iso: 'id-ID', name: 'Bahasa Indonesia' },
    { code: 'it', iso: 'it-IT' },
    { code: 'ja', iso: 'ja-JP' },
    { code: 'ko', iso: 'ko-KR' },
    { code: 'ms', name: 'Bahasa Melayu' },
    { code: 'pt', iso: 'pt-BR' },
    { code: 'ru', iso: 'ru-RU' },
    'th',
    { code: 'tr', iso: 'tr-TR' },
    'vi',
    { code: 'zh-CN', name: '简体中文' },
    { code: 'zh-TW', name: '繁體中文' },
  ],
  year: 2026,
  assetsBase: '/_static/',
  socialImage: '/social.png',
  fonts: {
    // Inter for Latin, Greek and Cyrillic; other scripts use system stacks (templates/styles/fonts.css).
    stylesheet: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600;700;800&display=swap',
    preconnect: ['https://fonts.googleapis.com', 'https://fonts.gstatic.com'],
  },
  links: {
    appStore: 'https://apps.apple.com/app/alight-motion/id1450078654',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.alightcreative.motion',
    facebook: 'https://www.facebook.com/alightmotion',
    instagram: 'https://www.instagram.com/alightmotionapp/',
    twitter: 'https://twitter.com/alightmotion',
    youtube: 'https://www.youtube.com/@alightmotion',
    jobsEmail: 'jobs@alightmotion.com',
    supportEmail: 'support@alightmotion.com',
    privacyEmail: 'privacy@alightmotion.com',
    legalEmail: 'legal@alightmotion.com',
    copyrightEmail: 'copyright@alightmotion.com',
  },
  // Public values handed to the browser (every page's __sitegen JSON). Firebase web API keys are
  // public identifiers; these are the demo project's, used by the emulators in the tests.
  // Replace them with the production project's values to go live.
  client: {
    firebase: {
      apiKey: 'demo-sitegen-web-api-key',
      projectId: 'demo-sitegen',
      region: 'europe-west1',
      continueUrlAllowList: [],
    },
    // Sign-in providers of /applycode, offered only when configured (leave one out to hide its
    // button). Public identifiers too; these demo values only work with the tests' stand-ins for
    // the providers' libraries. Google: the OAuth web client ID; Apple: the Services ID and its
    // registered return URL. Both must also be enabled in the Firebase project's sign-in methods.
    google: { clientId: 'demo-sitegen.apps.googleusercontent.com' },
    apple: { clientId: 'com.alightmotion.demo-sitegen.web', redirectURI: 'https://alightmotion.com/applycode' },
  },
  // Messages whose value is legitimately the same in every language: brand and store names.
  untranslated: [
    'common.brand',
    'download.appStore.name',
    'download.googlePlay.name',
    'jobs.profiles.mei.name',
    'jobs.profiles.arjun.name',
    'jobs.profiles.lucia.name',
    'getApp.requirementLabels.android',
    // Example input shown as a placeholder: an address and a code format, the same everywhere.
    'applycode.signin.emailPlaceholder',
    'applycode.code.placeholder',
    // The same word in some languages ("Code" in de and fr, "Password" in it).
    'applycode.code.label',
    'applycode.signin.password',
  ],
});
