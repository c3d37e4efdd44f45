// The one router of the shell and every remote. Apps import routing from here, never from
// react-router-dom: Module Federation shares '@khidma/web-kit' as a singleton, so every app gets the
// same router context, and the bundler keeps only the parts of react-router named below (shared as a
// package of its own it would ship whole: 191 KB, of which the data routers, SSR and RSC are unused).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type NavigateFunction,
} from 'react-router-dom';
