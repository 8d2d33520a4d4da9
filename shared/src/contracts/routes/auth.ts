import {
  AuthResponse,
  AuthUser,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  SetPasswordBody,
  UpdateProfileBody,
} from '../auth.ts';
import { Ok } from '../common.ts';
import { route } from './route.ts';

/** Accounts: register, sign in and out, passwords, and the signed-in user's own profile. */

export const register = route({
  method: 'POST',
  path: '/auth/register',
  tag: 'auth',
  summary: 'Register (sends a verification mail)',
  access: 'public',
  body: RegisterBody,
  response: Ok,
});

export const forgotPassword = route({
  method: 'POST',
  path: '/auth/forgot-password',
  tag: 'auth',
  summary: 'Forgot password (mail with a set-password link)',
  access: 'public',
  body: ForgotPasswordBody,
  response: Ok,
});

export const setPassword = route({
  method: 'POST',
  path: '/auth/set-password',
  tag: 'auth',
  summary: 'Set a password with a mailed token',
  access: 'public',
  body: SetPasswordBody,
  response: AuthResponse,
});

export const login = route({
  method: 'POST',
  path: '/auth/login',
  tag: 'auth',
  summary: 'Sign in',
  access: 'public',
  body: LoginBody,
  response: AuthResponse,
});

export const logout = route({
  method: 'POST',
  path: '/auth/logout',
  tag: 'auth',
  summary: 'Sign out (revokes this session)',
  access: 'signedIn',
  response: Ok,
});

export const startNavigation = route({
  method: 'POST',
  path: '/auth/navigation',
  tag: 'auth',
  summary: "Set this session's navigation cookie (for pages rendered on the server)",
  description:
    'Sets `__Host-bawaba-nav` for the calling session (a session started before the cookie existed; sign-in and every other way in set it already). The cookie lets the render server read the API as this user on a page request: GET or HEAD only, with `X-Bawaba-Render: 1` and no Authorization header; every write ignores it. It ends with the session.',
  access: 'signedIn',
  response: Ok,
});

export const changePassword = route({
  method: 'POST',
  path: '/auth/change-password',
  tag: 'auth',
  summary: 'Change password (revokes other sessions)',
  access: 'signedIn',
  body: ChangePasswordBody,
  response: AuthResponse,
});

export const myProfile = route({
  method: 'GET',
  path: '/users/me',
  tag: 'users',
  summary: 'My profile',
  access: 'signedIn',
  response: AuthUser,
});

export const updateMyProfile = route({
  method: 'PATCH',
  path: '/users/me',
  tag: 'users',
  summary: 'Update my name and photo',
  access: 'signedIn',
  body: UpdateProfileBody,
  response: AuthUser,
});
