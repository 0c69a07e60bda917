// Keep terraform quiet and offline in every test process.
process.env.CHECKPOINT_DISABLE = "1";
process.env.TF_IN_AUTOMATION = "1";
