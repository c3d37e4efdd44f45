import { useEffect } from 'react';
import { App } from 'antd';
import AntdProviders from './AntdProviders.js';
import { useToasts } from './toast.js';

function Emit() {
  const { message } = App.useApp();
  const current = useToasts((s) => s.current);
  useEffect(() => {
    // antd renders each toast with role="alert", so screen readers announce it.
    if (current) void message.open({ type: current.type, content: current.content });
  }, [current, message]);
  return null;
}

/** antd's message API inside the app's theme, direction and toast limits (AntdProviders). */
export default function ToastOutlet() {
  return (
    <AntdProviders>
      <Emit />
    </AntdProviders>
  );
}
