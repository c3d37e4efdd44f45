declare module '*.css';
/// <reference types="@testing-library/jest-dom" />
