import { useT } from '../../../shared/i18n';
import { CheckIcon, SettingsIcon } from '../../../shared/ui/icons';
import { DATA_SAVER_SHORT_SIDE, dataSaverOn, useQuality } from '../../../shared/store/video-quality';
import type { PlayerQuality } from '../player/attach';
import type { SubtitleView } from '../player/use-subtitles';
import { SubtitleChoices } from './subtitles';

/**
 * The player's quality menu: Auto (the player's choice, showing what plays) or a fixed rendition,
 * the data saver (up to 360p), and the subtitles (Off or a language) when the episode has some. Choices apply at once to the playing episode and are kept for
 * the next ones (shared/store/video-quality.ts); with the data saver on, renditions above 360p
 * cannot be picked.
 */
export function QualityMenu({
  available = true,
  quality,
  subtitles,
  open,
  onOpen,
}: {
  /** False until the episode has renditions or subtitles to choose: the button keeps its place, unseen. */
  available?: boolean;
  quality: PlayerQuality;
  subtitles?: SubtitleView;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const t = useT();
  const choice = useQuality((s) => s.choice);
  const saverSetting = useQuality((s) => s.dataSaver);
  const saver = dataSaverOn({ choice, dataSaver: saverSetting });
  const rungs = [...new Set(quality.levels)].sort((a, b) => b - a);
  const shown = (short: number) => `${short}p`;
  const fixed = choice === 'auto' ? null : saver ? Math.min(choice, DATA_SAVER_SHORT_SIDE) : choice;
  const pick = (next: 'auto' | number) => {
    useQuality.getState().setChoice(next);
    onOpen(false);
  };
  const option = (active: boolean) =>
    active ? 'ds-speed__option ds-speed__option--active' : 'ds-speed__option';
  return (
    <div
      className={available ? 'ds-speed' : 'ds-speed ds-speed--waiting'}
      aria-hidden={!available || undefined}
    >
      <button
        type="button"
        className="ds-speed__button ds-quality__button"
        disabled={!available}
        aria-label={t('drama.quality')}
        aria-expanded={open}
        data-testid="details-quality"
        data-playing={quality.playing ?? ''}
        onClick={() => onOpen(!open)}
      >
        {/* A gear, and the rung when one is fixed: "Tự động" or "Otomatis" would squeeze the seek bar. */}
        <SettingsIcon className="ds-quality__icon" />
        {fixed !== null && <span className="ds-quality__fixed">{shown(fixed)}</span>}
      </button>
      {open && available && (
        <div className="ds-speed__menu ds-quality__menu" role="menu" aria-label={t('drama.quality')}>
          <button
            type="button"
            role="menuitemradio"
            aria-checked={choice === 'auto'}
            className={option(choice === 'auto')}
            data-testid="details-quality-auto"
            onClick={() => pick('auto')}
          >
            {quality.playing !== null && choice === 'auto'
              ? t('drama.qualityAutoNow', { quality: shown(quality.playing) })
              : t('drama.qualityAuto')}
          </button>
          {rungs.map((short) => {
            const blocked = saver && short > DATA_SAVER_SHORT_SIDE;
            return (
              <button
                key={short}
                type="button"
                role="menuitemradio"
                aria-checked={fixed === short}
                aria-disabled={blocked}
                disabled={blocked}
                className={option(fixed === short)}
                data-testid={`details-quality-${short}`}
                onClick={() => pick(short)}
              >
                {shown(short)}
              </button>
            );
          })}
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={saver}
            className={`${option(saver)} ds-quality__saver`}
            data-testid="details-data-saver"
            onClick={() => useQuality.getState().setDataSaver(!saver)}
          >
            <span className="ds-quality__saver-title">
              {t('drama.dataSaver')}
              {saver && <CheckIcon />}
            </span>
            <small>{t('drama.dataSaverHint')}</small>
          </button>
          {subtitles && <SubtitleChoices view={subtitles} onPicked={() => onOpen(false)} />}
        </div>
      )}
    </div>
  );
}
