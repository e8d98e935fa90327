import { useI18n, type PageHead } from 'sitegen';

// Message keys from locales/*.json, formatted in each language.
export const head: PageHead = { title: 'home.title', description: 'home.description' };

export default function Home() {
  const { t, rich } = useI18n();
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <p>{rich('home.next', { code: (chunks) => <code>{chunks}</code> })}</p>
    </>
  );
}
