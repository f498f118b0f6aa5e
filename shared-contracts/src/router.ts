/**
 * The router, shared through this singleton package: host and remotes import routing from here,
 * never from react-router-dom directly (a lint rule enforces it). One router instance at run
 * time, and only what the site uses is bundled: a shared react-router is not tree-shaken and
 * would cost ~61 KB gzip on every first visit.
 */
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
  useMatch,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps, NavigateFunction } from 'react-router-dom';
