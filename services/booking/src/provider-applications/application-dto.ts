import { NotFoundException } from '@nestjs/common';
import type { ApplicationDocumentDto, ProviderApplicationDto } from '@khidma/contracts';
import type { ProviderApplication } from './entities/provider-application.entity.js';
import type { ProviderDocument } from './entities/provider-document.entity.js';

/** Someone else's document, or a malformed id, is simply an unknown one. */
export const documentNotFound = () => new NotFoundException({ code: 'not_found', message: 'Document not found' });

/** Where a document's image is served (to its applicant and admins only). */
export const documentUrl = (id: string) => `/api/providers/documents/${id}`;

export const toDocumentDto = (document: ProviderDocument): ApplicationDocumentDto => ({
  id: document.id,
  kind: document.kind,
  contentType: document.contentType,
  bytes: document.bytes,
  url: documentUrl(document.id),
});

/** Documents in the form's order: ID front, ID back, certification. */
const KIND_ORDER: Record<ProviderDocument['kind'], number> = { id_card_front: 0, id_card_back: 1, certification: 2 };

export const toApplicationDto = (application: ProviderApplication, documents: ProviderDocument[]): ProviderApplicationDto => ({
  id: application.id,
  userId: application.userId,
  status: application.status,
  businessName: application.businessName,
  ownerName: application.ownerName,
  email: application.email,
  phone: application.phone,
  businessAddress: application.businessAddress,
  city: application.city,
  businessType: application.businessType,
  experience: application.experience,
  description: application.description,
  licenseNumber: application.licenseNumber,
  insuranceInfo: application.insuranceInfo,
  documents: [...documents]
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.createdAt.getTime() - b.createdAt.getTime())
    .map(toDocumentDto),
  rejectionReason: application.rejectionReason,
  createdAt: application.createdAt.toISOString(),
  reviewedAt: application.reviewedAt?.toISOString() ?? null,
});
