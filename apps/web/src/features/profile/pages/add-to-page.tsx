import { Button } from 'antd-mobile';
import { useState } from 'react';
import { isIos, isStandalone, useInstall } from '../../../shared/pwa/install';
import { useT } from '../../../shared/i18n';
import { CheckIcon, PageContainer, PlusSquareIcon, ShareIcon } from '../../../shared/ui';

function Steps({ steps, testId }: { steps: string[]; testId: string }) {
  return (
    <ol className="ds-steps" data-testid={testId}>
      {steps.map((step, index) => (
        <li key={step}>
          <span className="ds-steps__number">{index + 1}</span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** /pages/profile/addTo/index: install the app on the home screen. */
export default function AddToPage() {
  const t = useT();
  const prompt = useInstall((s) => s.prompt);
  const installedNow = useInstall((s) => s.installed);
  const [standalone] = useState(isStandalone);
  const [ios] = useState(() => isIos());
  const [asking, setAsking] = useState(false);

  const install = async () => {
    if (!prompt || asking) return;
    setAsking(true);
    try {
      await prompt.prompt();
      const choice = await prompt.userChoice;
      useInstall.setState({ prompt: null, installed: choice.outcome === 'accepted' });
    } finally {
      setAsking(false);
    }
  };

  let content;
  if (standalone || installedNow) {
    content = (
      <div className="ds-install__state" data-testid="addto-installed">
        <CheckIcon className="ds-install__ok" />
        <p>{t(standalone ? 'addTo.standalone' : 'addTo.installed')}</p>
      </div>
    );
  } else if (ios) {
    content = (
      <>
        <p>{t('addTo.iosIntro')}</p>
        <Steps
          testId="addto-ios-steps"
          steps={[t('addTo.iosStep1'), t('addTo.iosStep2'), t('addTo.iosStep3')]}
        />
        <p className="ds-install__share" aria-hidden="true">
          <ShareIcon /> <PlusSquareIcon />
        </p>
        <p className="ds-muted">{t('addTo.iosSafariOnly')}</p>
      </>
    );
  } else if (prompt) {
    content = (
      <>
        <p>{t('addTo.promptIntro')}</p>
        <Button
          block
          color="primary"
          size="large"
          loading={asking}
          data-testid="addto-install"
          onClick={() => void install()}
        >
          {t('addTo.install')}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <p>{t('addTo.menuIntro')}</p>
        <Steps
          testId="addto-menu-steps"
          steps={[t('addTo.menuStep1'), t('addTo.menuStep2'), t('addTo.menuStep3')]}
        />
      </>
    );
  }

  return (
    <PageContainer title={t('addTo.title')}>
      <article className="ds-prose ds-install" data-testid="addto-page">
        <div className="ds-install__app">
          <img src="/logo.svg" alt="" width={72} height={72} />
          <p>{t('addTo.why')}</p>
        </div>
        {content}
      </article>
    </PageContainer>
  );
}
