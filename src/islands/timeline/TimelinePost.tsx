import type { TimelineItem } from '~/contracts/timeline';
import { emitPageEvent } from '~/lib/page-events';
import type { Translate } from '~/lib/translate';
import { PostForm } from './PostForm';
import { messageText } from './relative-time';
import { TimelineAuthor } from './TimelineAuthor';
import { TimelineImages } from './TimelineImages';
import { remove, toggleLike } from './timeline.store';

export interface ViewerRules {
  /** Null while the island shows a first view rendered for any member: no own-post or chat buttons yet. */
  userId: number | null;
  locale: string;
  canComment: boolean;
  /** Chat is on for this platform (docs/product.md §5 chat button rule). */
  canChat: boolean;
}

export interface TimelinePostProps {
  item: TimelineItem;
  rules: ViewerRules;
  isLikeInFlight: boolean;
  /** Its first picture is the timeline's first: fetched at once, with high priority. */
  isPriority?: boolean;
  now: number;
  t: Translate;
}

const nameOf = (item: { Author: TimelineItem['Author'] }, t: Translate) =>
  item.Author ? `${item.Author.Firstname} ${item.Author.Lastname}`.trim() : t('timeline.organiser');

/** One post (docs/product.md §3): author, time, text, images, likes, chat button, comments newest first and the comment form. */
export function TimelinePost({ item, rules, isLikeInFlight, isPriority = false, now, t }: TimelinePostProps) {
  const author = item.Author;
  const isOwn = rules.userId !== null && author?.UserID === rules.userId;
  const name = nameOf(item, t);
  return (
    <article className="timeline-post" aria-label={t('timeline.postBy', { name })} data-post-id={item.TimelineID}>
      <header className="timeline-post-head">
        <TimelineAuthor author={author} createdOn={item.CreatedOn} now={now} locale={rules.locale} t={t} />
        {isOwn && (
          <button type="button" className="timeline-link timeline-delete" onClick={() => void remove(item.TimelineID)}>{t('timeline.deletePost')}</button>
        )}
      </header>
      {item.Message && <p className="timeline-message">{messageText(item.Message)}</p>}
      {/* A post needs text or a picture: one with neither is what an erased account left for its thread. */}
      {!item.Message && item.imageUrls.length === 0 && <p className="timeline-message is-removed">{t('timeline.removed')}</p>}
      <TimelineImages urls={item.imageUrls} author={name} isPriority={isPriority} t={t} />
      <div className="timeline-actions">
        <button type="button" className={`timeline-like${item.isLiked ? ' is-liked' : ''}`} aria-pressed={item.isLiked}
          disabled={isLikeInFlight} onClick={() => void toggleLike(item)}>
          <span aria-hidden="true">{item.isLiked ? '♥' : '♡'}</span> {t('timeline.like')}
          <span className="timeline-count">{t('timeline.likes', { count: item.Likes })}</span>
        </button>
        <span className="timeline-count">{t('timeline.comments', { count: item.CommentCount })}</span>
        {/* docs/product.md §5: no chat button on one's own posts, nor when chat is off. */}
        {author && !isOwn && rules.userId !== null && rules.canChat && (
          <button type="button" className="timeline-link" onClick={() => emitPageEvent('open-chat', { userId: author.UserID })}>
            {t('timeline.chatWith', { name })}
          </button>
        )}
      </div>
      {item.Comments.length > 0 && (
        <ul className="timeline-comments" aria-label={t('timeline.commentsOf', { name })}>
          {item.Comments.map((comment) => (
            <li key={comment.TimelineID} className="timeline-comment">
              <TimelineAuthor author={comment.Author} createdOn={comment.CreatedOn} now={now} locale={rules.locale} t={t} />
              {comment.Message && <p className="timeline-message">{messageText(comment.Message)}</p>}
              <TimelineImages urls={comment.imageUrls} author={nameOf(comment, t)} t={t} />
              {rules.userId !== null && comment.Author?.UserID === rules.userId && (
                <button type="button" className="timeline-link timeline-delete" onClick={() => void remove(comment.TimelineID, item.TimelineID)}>
                  {t('timeline.deleteComment')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {rules.canComment && <PostForm t={t} inReplyTo={item.TimelineID} />}
    </article>
  );
}
