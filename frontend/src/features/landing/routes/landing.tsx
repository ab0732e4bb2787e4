import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CtaSection } from '../components/cta-section';
import { FeaturesSection } from '../components/features-section';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { LandingFooter } from '../components/landing-footer';
import { LandingNav } from '../components/landing-nav';
import { StatsBand } from '../components/stats-band';
import { useDocumentTitle } from '../../../lib/document-title';

/** / : the public landing page. */
export function LandingRoute() {
  useDocumentTitle(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView();
  }, [hash]);

  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <LandingNav />
      <Box component="main">
        <Hero />
        <StatsBand />
        <FeaturesSection />
        <HowItWorks />
        <CtaSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
