import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../namespace';
import { errorMessage } from '../lib/errors';

/** A section whose data failed to load: why, and Retry. */
export function LoadError({ error, fallbackKey, onRetry }: { error: unknown; fallbackKey: string; onRetry: () => void }) {
  const { t } = useTranslation(NS);
  const message = errorMessage(error, fallbackKey);
  return (
    <Alert
      type="error"
      showIcon
      title={t(message.key, message.values)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
