import { IdParams, Paged, PageQuery } from '../common.ts';
import { RejectionBody } from '../marketplace.ts';
import { ReceivedRequestsQuery, ServiceRequest, ServiceRequestBody } from '../requests.ts';
import { route } from './route.ts';

/** Service requests: a visitor asks a company for a service; the admin approves before the company sees it. */

export const sendRequest = route({
  method: 'POST',
  path: '/requests',
  tag: 'requests',
  summary: 'Send a service request to a company',
  access: 'signedIn',
  body: ServiceRequestBody,
  response: ServiceRequest,
  status: 201,
  idempotent: true,
});

export const sentRequests = route({
  method: 'GET',
  path: '/requests/sent',
  tag: 'requests',
  summary: 'Requests I sent',
  access: 'signedIn',
  query: PageQuery,
  response: Paged(ServiceRequest),
});

export const receivedRequests = route({
  method: 'GET',
  path: '/requests/received',
  tag: 'requests',
  summary:
    'Received requests: admin sees all pending; a member sees the approved ones to the company their session acts for. `q` searches the requester, company, services and message',
  access: 'signedIn',
  query: ReceivedRequestsQuery,
  response: Paged(ServiceRequest),
});

export const approveRequest = route({
  method: 'POST',
  path: '/requests/:id/approve',
  tag: 'requests',
  summary: 'Approve a service request (admin)',
  access: 'admin',
  params: IdParams,
  response: ServiceRequest,
});

export const rejectRequest = route({
  method: 'POST',
  path: '/requests/:id/reject',
  tag: 'requests',
  summary: 'Reject a service request, saying why (admin)',
  access: 'admin',
  params: IdParams,
  body: RejectionBody,
  response: ServiceRequest,
});
