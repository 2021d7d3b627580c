/**
 * /hybrid-editor (spec document 3 §2.9): query mode, conceptId, source, hideHeader,
 * immersive, fullscreen. Inside the phone app (source mobile, mobile_webview or
 * mobile_native, or a native web view's user agent) it redirects, replacing history, to
 * /minimal-editor with the same parameters; elsewhere it shows the minimal editor here.
 */
import { Navigate, useLocation } from 'react-router';
import MinimalEditorPage from './MinimalEditorPage';

const MOBILE_SOURCES = new Set(['mobile', 'mobile_webview', 'mobile_native']);
const NATIVE_WEBVIEW_UA = /AstrolabeApp|; wv\)|ReactNative|\bwv\b/i;

export function redirectsToMinimal(search: string, userAgent: string): boolean {
  const source = new URLSearchParams(search).get('source') ?? '';
  return MOBILE_SOURCES.has(source) || NATIVE_WEBVIEW_UA.test(userAgent);
}

export default function HybridEditorPage() {
  const location = useLocation();
  if (redirectsToMinimal(location.search, navigator.userAgent)) return <Navigate to={`/minimal-editor${location.search}`} replace />;
  return <MinimalEditorPage />;
}
