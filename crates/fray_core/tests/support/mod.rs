pub mod toy;
