import { lazy, type ReactNode } from 'react';
import type { RemoteName } from '@khidma/contracts';
import { WithAntd, Route, Routes } from '@khidma/web-kit';
import { Layout } from './layout/Layout';
import Landing from './pages/Landing';
import NotFound from './pages/NotFound';
import { RemoteRoute } from './remotes/RemoteRoute';

// Everything but the landing page is split out of the first load; only screens that use antd load it.
const About = lazy(() => import('./pages/info/About'));
const Contact = lazy(() => import('./pages/info/Contact'));
const InfoArticle = lazy(() => import('./pages/info/InfoArticle'));
const ChatPage = lazy(() => import('./pages/ChatPage'));
const Login = lazy(() => import('./pages/auth/Login'));
const Signup = lazy(() => import('./pages/auth/Signup'));
const Profile = lazy(() => import('./pages/auth/Profile'));
const ResetPassword = lazy(() => import('./pages/auth/ResetPassword'));
const VerifyEmail = lazy(() => import('./pages/auth/VerifyEmail'));
const AdminAccess = lazy(() => import('./pages/auth/AdminAccess'));
const NotificationsPage = lazy(() => import('./pages/NotificationsPage'));
const InboxPage = lazy(() => import('./conversations/InboxPage'));

const withAntd = (page: ReactNode) => <WithAntd>{page}</WithAntd>;

const remote = (name: RemoteName, module: string) => <RemoteRoute key={`${name}/${module}`} remote={name} module={module} />;

/** The route table of spec §2; remote pages are found at run time through /remotes.json. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Landing />} />
        <Route path="home" element={<Landing />} />
        <Route path="about" element={<About />} />
        <Route
          path="contact"
          element={
            <WithAntd>
              <Contact />
            </WithAntd>
          }
        />
        <Route path="terms" element={<InfoArticle page="terms" />} />
        <Route path="privacy" element={<InfoArticle page="privacy" />} />
        <Route path="cookies" element={<InfoArticle page="cookies" />} />
        <Route path="help" element={<InfoArticle page="help" />} />
        <Route path="faq" element={<InfoArticle page="faq" />} />
        <Route path="chat" element={<ChatPage />} />
        <Route path="login" element={withAntd(<Login />)} />
        <Route path="signup" element={withAntd(<Signup />)} />
        <Route path="reset-password" element={withAntd(<ResetPassword />)} />
        <Route path="verify-email" element={withAntd(<VerifyEmail />)} />
        <Route path="admin-access" element={withAntd(<AdminAccess />)} />
        <Route path="profile" element={withAntd(<Profile />)} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="messages" element={<InboxPage />} />

        <Route path="services" element={remote('mfe_catalogue', 'ServicesPage')} />
        <Route path="service/:idOrSlug" element={remote('mfe_catalogue', 'ServiceDetailPage')} />
        <Route path="favourites" element={remote('mfe_catalogue', 'FavouritesPage')} />

        <Route path="booking" element={remote('mfe_booking', 'BookingPage')} />
        <Route path="payment" element={remote('mfe_booking', 'PaymentPage')} />
        <Route path="my-bookings" element={remote('mfe_booking', 'MyBookingsPage')} />
        <Route path="bookings" element={remote('mfe_booking', 'MyBookingsPage')} />
        <Route path="my-bookings/:id" element={remote('mfe_booking', 'BookingDetailPage')} />

        <Route path="provider-dashboard" element={remote('mfe_provider', 'ProviderDashboardPage')} />
        <Route path="providers/dashboard" element={remote('mfe_provider', 'ProviderDashboardPage')} />
        <Route path="provider-signup" element={remote('mfe_provider', 'ProviderSignupPage')} />
        <Route path="become-provider" element={remote('mfe_provider', 'ProviderSignupPage')} />
        <Route path="pending-approval" element={remote('mfe_provider', 'PendingApprovalPage')} />

        <Route path="admin" element={remote('mfe_admin', 'AdminPage')} />
        <Route path="admin-panel" element={remote('mfe_admin', 'AdminPage')} />

        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
