import { useT } from '../../../shared/i18n';
import { useLanguage } from '../../../shared/store/session';
import { useSubtitlePrefs } from '../player/subtitle-prefs';
import { Icon, type IconProps } from '../../../shared/ui/icons';
import { toggledPrefs } from '../player/subtitle-choice';
import type { SubtitleView } from '../player/use-subtitles';
import { ActionButton } from './action-button';

/** A closed-captions mark: a screen with two lines of text. */
function CaptionsIcon({ off, ...props }: IconProps & { off?: boolean }) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M10.5 10.2a2.2 2.2 0 1 0 0 3.6M17 10.2a2.2 2.2 0 1 0 0 3.6" />
      {off && <path d="M4 20 20 4" />}
    </Icon>
  );
}

/**
 * The active cues over the picture: white text on a translucent box with a dark edge, readable
 * over any frame. Never takes a tap (the picture's own tap pauses or plays under it).
 */
export function SubtitleText({ view, className }: { view: SubtitleView; className: string }) {
  if (view.active === null || view.lines.length === 0) return null;
  return (
    <div className={`ds-subtitles ${className}`} lang={view.active} data-testid="subtitles">
      {view.lines.map((line, i) => (
        <span key={i} className="ds-subtitles__line">
          {line}
        </span>
      ))}
    </div>
  );
}

/** Turning subtitles on or off, and picking a language: the remembered choice every player follows. */
export function useSubtitleChoice(view: SubtitleView) {
  const appLanguage = useLanguage();
  return {
    toggle: () => {
      const store = useSubtitlePrefs.getState();
      store.choose(toggledPrefs(view.tracks, store, appLanguage));
    },
    /** A language, or null for off (the language stays remembered for the next time on). */
    pick: (language: string | null) => {
      const store = useSubtitlePrefs.getState();
      store.choose(
        language === null ? { on: false, language: view.active ?? store.language } : { on: true, language },
      );
    },
  };
}

/** The CC button of a player's rail: on or off at one tap; its caption names the language shown. */
export function SubtitleToggle({ view, testId }: { view: SubtitleView; testId: string | undefined }) {
  const t = useT();
  const { toggle } = useSubtitleChoice(view);
  if (view.tracks.length === 0) return null;
  const on = view.active !== null;
  return (
    <ActionButton
      icon={<CaptionsIcon off={!on} />}
      label={t('drama.subtitlesToggle')}
      caption={on ? view.active?.toUpperCase() : t('drama.subtitlesOff')}
      active={on}
      pressed={on}
      testId={testId}
      onClick={toggle}
    />
  );
}

/** The player menu's subtitle group: Off, then each track by its own name. */
export function SubtitleChoices({ view, onPicked }: { view: SubtitleView; onPicked: () => void }) {
  const t = useT();
  const { pick } = useSubtitleChoice(view);
  if (view.tracks.length === 0) return null;
  const option = (active: boolean) =>
    active ? 'ds-speed__option ds-speed__option--active' : 'ds-speed__option';
  const choose = (language: string | null) => {
    pick(language);
    onPicked();
  };
  return (
    <div role="group" aria-label={t('drama.subtitleLanguage')} className="ds-quality__group">
      <span className="ds-quality__heading" aria-hidden="true">
        {t('drama.subtitles')}
      </span>
      <button
        type="button"
        role="menuitemradio"
        aria-checked={view.active === null}
        className={option(view.active === null)}
        data-testid="details-subtitles-off"
        onClick={() => choose(null)}
      >
        {t('drama.subtitlesOff')}
      </button>
      {view.tracks.map((track) => (
        <button
          key={track.language}
          type="button"
          role="menuitemradio"
          aria-checked={view.active === track.language}
          lang={track.language}
          className={option(view.active === track.language)}
          data-testid={`details-subtitles-${track.language}`}
          onClick={() => choose(track.language)}
        >
          {track.label}
        </button>
      ))}
    </div>
  );
}
