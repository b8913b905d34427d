import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../shared/store/session';
import { useSubtitlePrefs } from '../player/subtitle-prefs';
import { cueLines, useSubtitles } from '../player/use-subtitles';
import { SubtitleChoices, SubtitleText, SubtitleToggle } from './subtitles';

/** A text track as the browser gives it (jsdom has none): mode, cues, `cuechange`. */
class FakeTrack extends EventTarget {
  kind = 'subtitles';
  mode: TextTrackMode = 'disabled';
  activeCues: { startTime: number; text: string }[] = [];
  constructor(
    readonly language: string,
    readonly label: string,
  ) {
    super();
  }
}

class FakeTrackList extends EventTarget {
  [index: number]: FakeTrack | undefined;
  length = 0;
  add(track: FakeTrack) {
    this[this.length] = track;
    this.length += 1;
    this.dispatchEvent(new Event('addtrack'));
  }
}

function fakeVideo() {
  const video = document.createElement('video');
  const textTracks = new FakeTrackList();
  Object.defineProperty(video, 'textTracks', { value: textTracks });
  return { video, textTracks };
}

function Player({ video }: { video: HTMLVideoElement }) {
  const view = useSubtitles(() => video, video);
  return (
    <>
      <SubtitleText view={view} className="ds-player__subtitles" />
      <SubtitleToggle view={view} testId="cc" />
      <div role="menu">
        <SubtitleChoices view={view} onPicked={() => undefined} />
      </div>
    </>
  );
}

afterEach(() => {
  useSubtitlePrefs.setState({ on: null, language: null });
});

describe('cue text', () => {
  it('drops WebVTT markup and decodes references, a line each', () => {
    expect(cueLines('<v Anna><i>Where</i> were you &amp; why?</v>\n<c.yellow>Tell me&#33;</c>')).toEqual([
      'Where were you & why?',
      'Tell me!',
    ]);
    expect(cueLines('<00:00:01.000>late &lt;b&gt;\n\n')).toEqual(['late <b>']);
  });
});

describe('the subtitle overlay', () => {
  it("draws the shown track's active cues and follows each cuechange", () => {
    const { video, textTracks } = fakeVideo();
    render(<Player video={video} />);
    expect(screen.queryByTestId('subtitles')).toBeNull();
    expect(screen.queryByTestId('cc')).toBeNull();

    const vi = new FakeTrack('vi', 'Tiếng Việt');
    const en = new FakeTrack('en', 'English');
    vi.mode = 'hidden';
    act(() => {
      textTracks.add(vi);
      textTracks.add(en);
    });
    // Tracks but no cue yet: the CC button is there, pressed, nothing drawn.
    expect(screen.getByTestId('cc').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('cc').textContent).toContain('VI');
    expect(screen.queryByTestId('subtitles')).toBeNull();

    act(() => {
      vi.activeCues = [{ startTime: 1, text: 'Anh đã ở đâu?\n<i>Nói đi</i>' }];
      vi.dispatchEvent(new Event('cuechange'));
    });
    const overlay = screen.getByTestId('subtitles');
    expect(overlay.getAttribute('lang')).toBe('vi');
    expect([...overlay.querySelectorAll('.ds-subtitles__line')].map((line) => line.textContent)).toEqual([
      'Anh đã ở đâu?',
      'Nói đi',
    ]);

    act(() => {
      vi.activeCues = [];
      vi.dispatchEvent(new Event('cuechange'));
    });
    expect(screen.queryByTestId('subtitles')).toBeNull();
  });

  it('draws nothing while every track is disabled (subtitles off)', () => {
    const { video, textTracks } = fakeVideo();
    const en = new FakeTrack('en', 'English');
    en.activeCues = [{ startTime: 0, text: 'Hello' }];
    textTracks.add(en);
    render(<Player video={video} />);
    expect(screen.queryByTestId('subtitles')).toBeNull();
    expect(screen.getByTestId('cc').getAttribute('aria-pressed')).toBe('false');
  });

  it('remembers the CC toggle and the language picked', () => {
    useSession.getState().setLanguage('vn');
    const { video, textTracks } = fakeVideo();
    const vi = new FakeTrack('vi', 'Tiếng Việt');
    vi.mode = 'hidden';
    textTracks.add(vi);
    textTracks.add(new FakeTrack('id', 'Bahasa Indonesia'));
    render(<Player video={video} />);

    fireEvent.click(screen.getByTestId('cc'));
    expect(useSubtitlePrefs.getState()).toMatchObject({ on: false, language: 'vi' });

    fireEvent.click(screen.getByTestId('details-subtitles-id'));
    expect(useSubtitlePrefs.getState()).toMatchObject({ on: true, language: 'id' });
    expect(JSON.parse(localStorage.getItem('subtitles') ?? 'null')).toEqual({ on: true, language: 'id' });

    fireEvent.click(screen.getByTestId('details-subtitles-off'));
    expect(useSubtitlePrefs.getState()).toMatchObject({ on: false });
    expect(screen.getByRole('menuitemradio', { name: 'Tắt' })).toBeInTheDocument();
  });
});
