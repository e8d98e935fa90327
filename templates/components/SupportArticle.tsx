import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './SupportArticle.css';

/**
 * One help article: the question as a native <details> summary, the answer inside.
 * `data-search-item` marks it for the `support-search` chunk, which matches its whole text.
 */
export function SupportArticle({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <li className="support-article" data-search-item="" id={`article-${id}`}>
      <details>
        <summary className="support-article__question">
          <span>{t(`support.articles.${id}.title`)}</span>
          <Icon name="plus" className="support-article__icon" />
        </summary>
        <p className="support-article__answer">{t(`support.articles.${id}.body`)}</p>
      </details>
    </li>
  );
}
