import { useI18n, type PageHead } from 'sitegen';

// The not-found page: written as 404.html in every language.
export const head: PageHead = { title: 'notFound.title', description: 'notFound.description' };

export default function NotFound() {
  const { t, localePath } = useI18n();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <p>
        <a href={localePath('/')}>{t('notFound.home')}</a>
      </p>
    </>
  );
}
