import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTACT_TYPES, type ContactType } from '@khidma/contracts';
import { ApiError, apiFetch, usePageMeta } from '@khidma/web-kit';
import { FaqList } from './FaqList';

interface ContactForm {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  type: ContactType;
}

const FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'type'] as const;

export default function Contact() {
  const { t } = useTranslation('info');
  const [form] = Form.useForm<ContactForm>();
  const [sending, setSending] = useState(false);
  /** The message key of the last failure, if any. */
  const [failed, setFailed] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);

  const channels = t('contact.channels.items', { returnObjects: true }) as { title: string; text: string; value: string; href: string }[];
  const offices = t('contact.offices.items', { returnObjects: true }) as { city: string; address: string; hours: string }[];
  const faq = t('contact.faq.items', { returnObjects: true }) as { q: string; a: string }[];
  usePageMeta(t('contact.title'), t('contact.intro'));

  const submit = async (values: ContactForm) => {
    setSending(true);
    setFailed(null);
    try {
      const phone = values.phone?.trim();
      const { id } = await apiFetch<{ id: string | number }>('/contact', {
        method: 'POST',
        json: { ...values, phone: phone || undefined },
      });
      setSentId(String(id));
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : undefined;
      const known = Object.entries(fields ?? {}).filter(([name]) => (FIELDS as readonly string[]).includes(name));
      if (known.length > 0) {
        form.setFields(
          known.map(([name, code]) => ({
            name: name as keyof ContactForm,
            errors: [t(`contact.form.serverErrors.${code}`, { defaultValue: t('contact.form.serverErrors.invalid') })],
          })),
        );
      } else {
        setFailed(error instanceof ApiError && error.code === 'rate_limited' ? 'contact.form.rateLimited' : 'contact.form.failed');
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <section className="kh-hero kh-hero-compact" aria-labelledby="contact-title">
        <div className="kh-hero-inner">
          <h1 id="contact-title">{t('contact.title')}</h1>
          <p className="kh-hero-lead">{t('contact.intro')}</p>
        </div>
      </section>
      <div className="kh-page">
        <section aria-labelledby="channels-title">
          <h2 id="channels-title" className="kh-section-title">
            {t('contact.channels.title')}
          </h2>
          <ul className="kh-grid">
            {channels.map((c) => (
              <li key={c.title} className="kh-card">
                <h3>{c.title}</h3>
                <p>{c.text}</p>
                <a href={c.href} dir="ltr">
                  {c.value}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <div className="kh-contact-grid">
          <section aria-labelledby="form-title" className="kh-card kh-contact-form">
            <h2 id="form-title">{t('contact.form.title')}</h2>
            {sentId ? (
              <Result
                status="success"
                title={t('contact.form.thanksTitle')}
                subTitle={t('contact.form.thanksText', { id: sentId })}
                extra={
                  <Button
                    onClick={() => {
                      form.resetFields();
                      setSentId(null);
                    }}
                  >
                    {t('contact.form.another')}
                  </Button>
                }
              />
            ) : (
              <Form<ContactForm>
                form={form}
                layout="vertical"
                requiredMark="optional"
                initialValues={{ type: 'general' }}
                onFinish={(values) => void submit(values)}
                onValuesChange={() => setFailed(null)}
              >
                <Form.Item name="name" label={t('contact.form.name')} rules={[{ required: true, whitespace: true, message: t('contact.form.required') }]}>
                  <Input autoComplete="name" />
                </Form.Item>
                <Form.Item
                  name="email"
                  label={t('contact.form.email')}
                  rules={[
                    { required: true, message: t('contact.form.required') },
                    { type: 'email', message: t('contact.form.invalidEmail') },
                  ]}
                >
                  <Input type="email" autoComplete="email" dir="ltr" />
                </Form.Item>
                <Form.Item name="phone" label={t('contact.form.phone')}>
                  <Input type="tel" autoComplete="tel" dir="ltr" />
                </Form.Item>
                <Form.Item name="type" label={t('contact.form.type')}>
                  <Select options={CONTACT_TYPES.map((type) => ({ value: type, label: t(`contact.form.types.${type}`) }))} />
                </Form.Item>
                <Form.Item name="subject" label={t('contact.form.subject')} rules={[{ required: true, whitespace: true, message: t('contact.form.required') }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="message" label={t('contact.form.message')} rules={[{ required: true, whitespace: true, message: t('contact.form.required') }]}>
                  <Input.TextArea rows={5} maxLength={5000} />
                </Form.Item>
                {failed ? <Alert className="kh-form-alert" type="error" showIcon title={t(failed)} /> : null}
                <Button type="primary" htmlType="submit" loading={sending}>
                  {t('contact.form.submit')}
                </Button>
              </Form>
            )}
          </section>

          <aside aria-labelledby="offices-title" className="kh-contact-side">
            <h2 id="offices-title">{t('contact.offices.title')}</h2>
            <ul className="kh-offices">
              {offices.map((o) => (
                <li key={o.city} className="kh-card">
                  <h3>{o.city}</h3>
                  <p>{o.address}</p>
                  <p className="kh-muted">{o.hours}</p>
                </li>
              ))}
            </ul>
            <div className="kh-card kh-hotline" role="note" aria-labelledby="hotline-title">
              <h3 id="hotline-title">{t('contact.hotline.title')}</h3>
              <p>{t('contact.hotline.text')}</p>
              <a href="tel:+18005443662" dir="ltr" className="kh-hotline-number">
                +1 800 544 3662
              </a>
            </div>
          </aside>
        </div>

        <section aria-labelledby="contact-faq-title">
          <h2 id="contact-faq-title" className="kh-section-title">
            {t('contact.faq.title')}
          </h2>
          <FaqList items={faq} />
        </section>
      </div>
    </>
  );
}
