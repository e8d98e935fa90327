import { useI18n } from 'sitegen';
import './NewsCard.css';

export interface NewsItem {
  /** Key under `news.items` in the messages. */
  id: string;
  /** Publication date, ISO `YYYY-MM-DD`. */
  date: string;
  /** Colour of the card's cover art. */
  tone: 'violet' | 'pink' | 'cyan' | 'amber';
}

/** A landing news card: cover art, date, title and summary. */
export function NewsCard({ item }: { item: NewsItem }) {
  const { t, formatDate } = useI18n();
  return (
    <article className={`news-card news-card--${item.tone}`}>
      <div className="news-card__art" aria-hidden="true" />
      <div className="news-card__body">
        <p className="news-card__date">
          <time dateTime={item.date}>{formatDate(item.date)}</time>
        </p>
        <h3 className="news-card__title">{t(`news.items.${item.id}.title`)}</h3>
        <p className="news-card__summary">{t(`news.items.${item.id}.summary`)}</p>
      </div>
    </article>
  );
}
