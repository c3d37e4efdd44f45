import type { PriceType } from './enums.js';

export interface LocalizedText {
  en: string;
  ar: string;
}

export interface ServiceCategoryDto {
  id: number;
  slug: string;
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  icon: string;
  color: string;
  startingPrice: number;
  providerCount: number;
}

export interface ServiceProviderSummary {
  id: string;
  name: string;
  nameAr: string;
  avatar: string | null;
  rating: number;
  completedJobs: number;
  verified: boolean;
}

export interface ServiceSummaryDto {
  id: string;
  slug: string;
  categoryId: number;
  categorySlug: string;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  priceType: PriceType;
  duration: number;
  location: string;
  locationAr: string;
  rating: number;
  reviewCount: number;
  imageUrl: string | null;
  createdAt: string;
  provider: ServiceProviderSummary;
}

export interface ServiceListResponse {
  services: ServiceSummaryDto[];
  total: number;
  page: number;
  limit: number;
}
