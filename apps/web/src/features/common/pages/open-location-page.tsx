import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { AlertIcon, CompassIcon, EmptyState, PageContainer } from '../../../shared/ui';
import { mapLink, placeOf } from '../lib/addresses';
import '../common.css';

/** /open-location: a place (`latitude`, `longitude`, `name`, `address`) and a way to open it on a map. */
export default function OpenLocationPage() {
  const t = useT();
  const [params] = useSearchParams();
  const place = placeOf(params);
  return (
    <PageContainer title={t('location.openTitle')}>
      {place ? (
        <section className="ds-location" data-testid="open-location">
          <span className="ds-location__icon">
            <CompassIcon />
          </span>
          {place.name && <h2 className="ds-location__name">{place.name}</h2>}
          {place.address && <p className="ds-location__address">{place.address}</p>}
          <p className="ds-muted" data-testid="open-location-coordinates">
            {place.latitude.toFixed(5)}, {place.longitude.toFixed(5)}
          </p>
          <Button
            block
            color="primary"
            data-testid="open-location-map"
            onClick={() => void window.open(mapLink(place), '_blank', 'noopener,noreferrer')}
          >
            {t('location.openInMaps')}
          </Button>
        </section>
      ) : (
        <EmptyState
          testId="open-location-invalid"
          icon={<AlertIcon />}
          title={t('location.invalidTitle')}
          description={t('location.invalidBody')}
        />
      )}
    </PageContainer>
  );
}
